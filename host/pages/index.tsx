// Static pages of spec §2 "Static pages", and the documentation pages the help center links to.
// Owned by the host-shell issue; placeholders say what they are until then.
function Placeholder({ title }: { title: string }) {
  return (
    <div className="cf-root">
      <h1>{title}</h1>
    </div>
  );
}
export const Terms = () => <Placeholder title="Terms of Service" />;
export const Privacy = () => <Placeholder title="Privacy Policy" />;
export const Maintenance = () => <Placeholder title="Scheduled maintenance" />;
export const DocsDashboard = () => <Placeholder title="Dashboard documentation" />;
export const DocsApi = () => <Placeholder title="API documentation" />;
export const Support = () => <Placeholder title="Support" />;
export { NotFound } from './NotFound';
