import { describe, expect, it } from 'vitest';
import { isSettingsSection, settingsPath, SETTINGS_SECTIONS } from './settingsSections';

describe('settings sections', () => {
  it('addresses a section by the query string, with other parameters after it', () => {
    expect(settingsPath('security')).toBe('/user-settings?section=security');
    expect(settingsPath('profile', { notice: 'email-verified' })).toBe(
      '/user-settings?section=profile&notice=email-verified',
    );
  });

  it('knows its own sections and nothing else', () => {
    for (const section of SETTINGS_SECTIONS) expect(isSettingsSection(section)).toBe(true);
    for (const other of ['', 'Profile', 'admin', '../security', 1, null])
      expect(isSettingsSection(other)).toBe(false);
  });
});
