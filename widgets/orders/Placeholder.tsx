// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type OrdersProps = { orderId?: string };
export function Orders(_props: OrdersProps) {
  return (
    <Screen name="Orders">
      <h1>Orders</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
