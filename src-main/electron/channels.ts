// IPC channel names shared by the main process and the preload. Two channels only: every
// renderer call goes through `invoke` (routed by the host's route table) and every push through
// `event`, so there is exactly one place in main that has to check who is calling.
export const INVOKE_CHANNEL = 'cosci:invoke';
export const EVENT_CHANNEL = 'cosci:event';
