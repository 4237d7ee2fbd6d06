/** '알림 설정' (docs/requirements.md#notifications): the member area shows its section. */
export { NotifySettingsSection } from './components/NotifySettingsSection';
export { N as NOTIFY_TEXTS } from './texts';
