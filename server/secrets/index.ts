// Server-only: sealed third-party credentials. Never import this from lib/, widgets/ or host/.
export { createSecretBox, ephemeralSecretBox, keyIdOf, loadSecretBox, parseSecretKey, SecretKeyError, SecretOpenError, type SecretBox } from './box';
export { deleteSecret, listSecretHints, putSecret, readSecret, resealSecrets, SecretInputError } from './store';
