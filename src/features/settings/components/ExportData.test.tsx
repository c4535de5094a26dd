import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ExportModule from '../export';
import type { ExportProgress } from '../export';
import { ExportData } from './ExportData';

const exporter = vi.hoisted(() => ({
  downloadMyData: vi.fn<(format: string, onProgress: (progress: ExportProgress) => void) => Promise<void>>(),
}));
vi.mock('../export', async (importOriginal) => ({
  ...(await importOriginal<typeof ExportModule>()),
  downloadMyData: exporter.downloadMyData,
}));

afterEach(() => exporter.downloadMyData.mockReset());

describe('ExportData', () => {
  it('shows how far the export has come while the parts arrive', async () => {
    const user = userEvent.setup();
    let report: (progress: ExportProgress) => void = () => undefined;
    let finish: () => void = () => undefined;
    exporter.downloadMyData.mockImplementation((_format, onProgress) => {
      report = onProgress;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    render(<ExportData />);

    await user.click(screen.getByRole('button', { name: 'Download my data (CSV, zip)' }));
    report({ partsDone: 3, partCount: 8, current: 'meals' });

    // The status line is there from the click on; wait for the text the progress gives it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Exporting meals… 4 of 8'));
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '3');
    expect(screen.getByRole('button', { name: 'Download my data (JSON)' })).toBeDisabled();
    expect(exporter.downloadMyData).toHaveBeenCalledWith('csv', expect.any(Function));

    report({ partsDone: 8, partCount: 8, current: null });
    finish();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Export ready: 8 of 8 parts.'));
    expect(await screen.findByRole('button', { name: 'Download my data (JSON)' })).toBeEnabled();
  });

  it('says what went wrong as a sentence', async () => {
    const user = userEvent.setup();
    exporter.downloadMyData.mockRejectedValue(
      Object.assign(new Error('Invalid session token'), { code: 209 }),
    );
    render(<ExportData />);

    await user.click(screen.getByRole('button', { name: 'Download my data (JSON)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
  });
});
