import markdown from './content/terms-of-service.md?raw';
import { PolicyPage } from './policy-page';

export default function TermsOfServicePage() {
  return <PolicyPage markdown={markdown} />;
}
