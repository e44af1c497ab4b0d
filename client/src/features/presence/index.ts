// Live collaboration: who else has the project open, the file each has open, and their saves.
export { PresenceAvatars } from './presence-avatars';
export { usePresence, type Presence, type RemoteSave } from './use-presence';
export { useReloadOnRemoteSave } from './use-remote-saves';
