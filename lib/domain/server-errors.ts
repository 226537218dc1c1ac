// The team server's refusals carry a stable code beside their English message (`{ error, code,
// params }`), so a screen can say a known refusal in its own language and show the server's words
// for any other. The English text stays what the API documents and what scripts read.
import type { Message } from './messages';

export const SERVER_ERROR_CODES = [
  'wrongCredentials',
  'tooManyAttempts',
  'tooManyAttemptsSeconds',
  'signInToContinue',
  'currentPasswordIncorrect',
  'passwordTooShort',
  'passwordTooLong',
  'passwordTooCommon',
  'passwordIsEmail',
  'passwordUnchanged',
  'setupLinkInvalid',
  'setupLinkUsed',
  'setupLinkExpired',
  'emailTakenByAccount',
  'alreadyOnTeam',
  'invitationPending',
  'invitationInvalid',
  'invitationUsed',
  'invitationExpired',
  'resetLinkInvalid',
  'resetLinkUsed',
  'resetLinkExpired',
  'adminsOnly',
  'accountExists',
  'memberMissing',
  'apiKeyMissing',
  'endpointMissing',
  'endpointDisabled',
  'endpointNotPublic',
  'endpointUnresolved',
  'notFound',
  'serverError',
  'databaseUnavailable',
  'crossSiteRefused',
  'jsonRequired',
  'requestTooLarge',
  'removed',
  'notAuthor',
  'changeTooLarge',
  'authorRemoved',
  'controlCharacters',
  'twoFactorRequired',
  'secondFactorWrong',
  'signInTimedOut',
  'twoFactorAlreadyOn',
  'twoFactorNotStarted',
  'twoFactorStillRequired',
  'sessionMissing',
  'twoFactorSelfFirst',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

export type ServerErrorParams = Record<string, string | number>;

/** A refusal's machine-readable part. */
export interface ServerProblem {
  code: ServerErrorCode;
  params?: ServerErrorParams;
}

/** The JSON body of a refusal. */
export interface ServerErrorBody {
  error: string;
  code?: string;
  params?: ServerErrorParams;
  field?: string;
}

/** A request the team server refused, as a storage call hands it on: the English message with its code and values. */
export interface ServerRefusal {
  ok: false;
  error: string;
  code?: string;
  params?: ServerErrorParams;
  /** The client's own sentence as a message, when the server sent no words (an ended session). */
  problem?: Message;
}

export const isServerErrorCode = (value: unknown): value is ServerErrorCode => SERVER_ERROR_CODES.includes(value as ServerErrorCode);

/** A refusal's JSON body: the English message, its code and values when it has one, the field it names. */
export function errorBody(message: string, field?: string, problem?: ServerProblem): ServerErrorBody {
  return { error: message, ...(problem ? { code: problem.code, ...(problem.params ? { params: problem.params } : {}) } : {}), ...(field ? { field } : {}) };
}
