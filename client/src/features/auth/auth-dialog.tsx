import { useLocation } from 'wouter';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DialogRegisterForm } from './dialog-register-form';
import { LoginForm, type LoginFormTexts } from './login-form';

export type AuthTab = 'login' | 'register';

const DIALOG_LOGIN_TEXTS: LoginFormTexts = {
  successDescription: "You've been successfully logged in",
  failureFallback: 'Invalid email or password',
  submitLabel: 'Login',
  pendingLabel: 'Logging in...',
};

/**
 * The authentication dialog: Login and Register tabs; on success it closes,
 * resets its fields and goes to /dashboard.
 */
export function AuthDialog({
  open,
  tab,
  onOpenChange,
  onTabChange,
}: {
  open: boolean;
  tab: AuthTab;
  onOpenChange: (open: boolean) => void;
  onTabChange: (tab: AuthTab) => void;
}) {
  const [, navigate] = useLocation();
  const succeed = () => {
    onOpenChange(false);
    navigate('/dashboard');
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Welcome to Kiln</DialogTitle>
          <DialogDescription>Sign in or create a free account to start building.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => onTabChange(value as AuthTab)}>
          <TabsList className="w-full">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm idPrefix="dialog-login" texts={DIALOG_LOGIN_TEXTS} onSuccess={succeed} />
          </TabsContent>
          <TabsContent value="register">
            <DialogRegisterForm onSuccess={succeed} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
