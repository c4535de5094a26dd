export { saveMySettings, type SettingsPatch } from './api';
