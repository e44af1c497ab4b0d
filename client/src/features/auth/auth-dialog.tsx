import { zodResolver } from '@hookform/resolvers/zod';
import {
  DialogRegisterInputSchema,
  LoginInputSchema,
  PASSWORD_MIN_DIALOG,
  type DialogRegisterInput,
  type LoginInput,
} from '@kiln/shared';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useLogin, useRegister } from './mutations';

export type AuthTab = 'login' | 'register';

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
            <DialogLoginForm onSuccess={succeed} />
          </TabsContent>
          <TabsContent value="register">
            <DialogRegisterForm onSuccess={succeed} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function DialogLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'Welcome back!',
          description: "You've been successfully logged in",
          variant: 'success',
        });
        form.reset();
        onSuccess();
      },
      onError: (error) =>
        toast({
          title: 'Login failed',
          description: messageOf(error, 'Invalid email or password'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="dialog-login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="dialog-login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

function DialogRegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister();
  const form = useForm<DialogRegisterInput>({
    resolver: zodResolver(DialogRegisterInputSchema),
    defaultValues: { email: '', password: '', name: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, ...rest }) =>
    register.mutate(name ? { ...rest, name } : rest, {
      onSuccess: () => {
        toast({
          title: 'Account created!',
          description: 'Your account has been successfully created',
          variant: 'success',
        });
        form.reset();
        onSuccess();
      },
      onError: (error) =>
        toast({
          title: 'Registration failed',
          description: messageOf(error, 'Failed to create account'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="dialog-register-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="dialog-register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`Must be at least ${PASSWORD_MIN_DIALOG} characters`}
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        id="dialog-register-name"
        label="Name (optional)"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
