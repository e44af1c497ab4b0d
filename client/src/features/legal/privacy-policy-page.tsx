import policy from './content/privacy-policy.md?policy';
import { PolicyPage } from './policy-page';

export default function PrivacyPolicyPage() {
  return <PolicyPage policy={policy} />;
}
