import policy from './content/cookies-policy.md?policy';
import { PolicyPage } from './policy-page';

export default function CookiesPolicyPage() {
  return <PolicyPage policy={policy} />;
}
