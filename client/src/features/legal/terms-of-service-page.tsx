import policy from './content/terms-of-service.md?policy';
import { PolicyPage } from './policy-page';

export default function TermsOfServicePage() {
  return <PolicyPage policy={policy} />;
}
