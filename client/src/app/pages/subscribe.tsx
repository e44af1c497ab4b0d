import SubscribePage from '../../features/billing/subscribe-page';
import { MarketingFooter, MarketingHeader } from '../../features/marketing';

/** The subscribe page, /subscribe, framed by the public site's header and footer. */
export default function Subscribe() {
  return <SubscribePage header={<MarketingHeader />} footer={<MarketingFooter />} />;
}
