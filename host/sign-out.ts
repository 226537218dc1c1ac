// Logout's state, shared by the user menu that asks and the top bar behind its dialog, which
// says the same thing about the changes still waiting.
import { signal } from '@preact/signals-core';

/**
 * `asking`: the dialog asks what to do with the changes still waiting (they would be lost).
 * `waiting`: the member chose to wait for them; Logout follows once none waits.
 */
export type SignOutStep = 'idle' | 'asking' | 'waiting';

export const signOutStep = signal<SignOutStep>('idle');
