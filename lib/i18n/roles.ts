// A member's or key's role is stored in English (Admin, Editor, Viewer); screens say it in the reader's
// language. A value the product does not know is shown as it came.
import { ROLES, type Role } from '../domain/types';
import type { Translator } from './index';

export function roleIn(i18n: Pick<Translator, 't'>, role: string): string {
  return (ROLES as readonly string[]).includes(role) ? i18n.t(`team.role.${role as Role}`) : role;
}
