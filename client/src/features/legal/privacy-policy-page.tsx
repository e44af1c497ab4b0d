import markdown from './content/privacy-policy.md?raw';
import { PolicyPage } from './policy-page';

export default function PrivacyPolicyPage() {
  return <PolicyPage markdown={markdown} />;
}
