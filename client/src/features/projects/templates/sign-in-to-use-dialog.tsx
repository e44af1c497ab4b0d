import type { TemplateId } from '@kiln/shared';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { templateName } from '../create/derive-project';

/** Where signing in comes back to: the templates page, which carries on with the choice. */
const SIGN_IN_HREF = `/login?redirect=${encodeURIComponent('/templates?continue')}`;

/**
 * Asks a signed-out visitor who picked a template to sign in or register first. The choice is
 * remembered (rememberTemplateChoice), so either way the project is created from it afterwards
 * and the editor opens.
 */
export function SignInToUseDialog({
  templateId,
  onClose,
}: {
  templateId: TemplateId | null;
  onClose: () => void;
}) {
  const name = templateId ? templateName(templateId) : '';
  return (
    <Dialog open={templateId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in to use {name}</DialogTitle>
          <DialogDescription>
            Your projects live in your account. Sign in or create a free account, and Kiln creates
            the project from {name} and opens it in the editor.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link href="/register">Create an account</Link>
          </Button>
          <Button asChild>
            <Link href={SIGN_IN_HREF}>Sign in</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
