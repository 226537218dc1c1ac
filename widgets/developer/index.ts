export { Developer, type DeveloperProps } from './Placeholder';
