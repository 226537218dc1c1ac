export { Team, TeamView, PERMISSION_LABEL, type TeamProps } from './Team';
export { useTeamController } from './useTeamController';
