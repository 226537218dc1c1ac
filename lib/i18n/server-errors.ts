// A team server's refusal in the reader's language: a known code is said from the catalog with the
// values the server sent, a rule's refusal from its message; any other refusal shows as the server
// worded it to an English reader and as a plain sentence in another language (`problemOf`).
import { problemOf, type Message } from '../domain/messages';
import type { ServerErrorBody } from '../domain/server-errors';
import { ENDPOINT_DISABLED_REASON } from '../domain/webhooks';
import type { Translator } from './index';

export function serverErrorIn(
  i18n: Pick<Translator, 'say'>,
  body: (Partial<ServerErrorBody> & { problem?: Message }) | null | undefined,
): string | null {
  if (!body || typeof body.error !== 'string') return null;
  return i18n.say(problemOf({ ...body, error: body.error }));
}

/** A webhook endpoint's disabled reason: the one the server writes in the reader's language, any other as stored. */
export function endpointDisabledReasonIn(i18n: Pick<Translator, 't'>, reason: string): string {
  return reason === ENDPOINT_DISABLED_REASON ? i18n.t('developer.endpointDisabledAfterFailures') : reason;
}
