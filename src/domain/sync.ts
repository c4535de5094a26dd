/**
 * Where an entry changed on this device stands: its change waits to be sent, or the server
 * refused it and the person has to choose what to do.
 */
export type SyncState = 'waiting' | 'refused';
