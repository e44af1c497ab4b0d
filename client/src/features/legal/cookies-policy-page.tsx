import markdown from './content/cookies-policy.md?raw';
import { PolicyPage } from './policy-page';

export default function CookiesPolicyPage() {
  return <PolicyPage markdown={markdown} />;
}
