export { getSetting, getSettings, settingDefaults, settingValues } from './get-setting.ts';
export type { SettingKey } from './get-setting.ts';
