export { Team, type TeamProps } from './Placeholder';
