import { SCREENS } from '../../screens';

/**
 * Every route of the spec's route list (§2): each screen's routes from the screen list (a real
 * id where the route takes one), then the host's own pages and an unknown path.
 */
export const ROUTES: readonly string[] = [
  ...new Set(SCREENS.flatMap((screen) => screen.routes.map((route) => route.example ?? route.path))),
  '/terms',
  '/privacy',
  '/maintenance',
  '/no-such-page',
];
