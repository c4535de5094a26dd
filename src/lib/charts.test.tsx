import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart, Chart, DEFAULT_CHART_SIZE } from './charts';

describe('charts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('registers the controllers and scales the modules use, once', () => {
    expect(Chart.registry.getController('line')).toBeDefined();
    expect(Chart.registry.getController('bar')).toBeDefined();
    expect(Chart.registry.getController('doughnut')).toBeDefined();
    expect(Chart.registry.getScale('linear')).toBeDefined();
    expect(Chart.registry.getScale('category')).toBeDefined();
  });

  it('draws on a 400×400 canvas by default, labelled for assistive technology', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <BarChart label="Active minutes per week" data={{ labels: ['W1'], datasets: [{ data: [150] }] }} />,
    );
    const canvas = screen.getByRole('img', { name: 'Active minutes per week' });
    expect(canvas).toHaveAttribute('width', String(DEFAULT_CHART_SIZE.width));
    expect(canvas).toHaveAttribute('height', String(DEFAULT_CHART_SIZE.height));
  });

  it('logs chart.js’s message and keeps the page working when there is no drawing surface', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <BarChart label="Calories" data={{ labels: ['Mon'], datasets: [{ data: [2000] }] }} />
        <p>still here</p>
      </>,
    );
    expect(error).toHaveBeenCalledWith("Failed to create chart: can't acquire context from the given item");
    expect(screen.getByText('still here')).toBeInTheDocument();
  });
});
