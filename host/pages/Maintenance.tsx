// Maintenance page (spec §2 "Static pages"; §9 "Maintenance"). Both links stay on our own routes.
import { MAINTENANCE } from '../../lib/domain/constants';
import { Link } from '../../widgets/ui/navigation';
import { StaticPage } from './shared';

export function Maintenance() {
  const percent = MAINTENANCE.progressPercent;
  return (
    <StaticPage name="Maintenance">
      <div className="cf-card cf-stack cf-centered">
        <h1>Scheduled Maintenance</h1>
        <p>We are performing scheduled maintenance to improve Creatorflow. Your data is safe and will be available as soon as we are done.</p>
        <p>
          <strong>Estimated time: {MAINTENANCE.estimateMinutes} minutes</strong>
        </p>
        <div
          className="cf-progress"
          role="progressbar"
          aria-label="Maintenance progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% complete`}
        >
          <div className="cf-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="cf-muted">{percent}% complete</p>
        <p>
          Need help? <Link href="/support">Contact support</Link> · <Link href="/support#status">Check the status page</Link>
        </p>
      </div>
    </StaticPage>
  );
}
