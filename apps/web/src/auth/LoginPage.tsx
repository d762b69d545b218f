import { PlainButton } from '@lms/design-system';
import { afterLoginPath, messagesOfError, PRODUCT_NAME, REDIRECT_PARAM } from '@lms/domain';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '../session/AuthProvider.tsx';
import { authStore } from '../session/authStore.ts';
import { HOST_TEXT } from '../text.ts';
import { SignInField } from './SignInField.tsx';

/** `/auth/login`: username and password; Enter submits; back to `to` (or the stored redirect) after. */
export function LoginPage() {
  const { status, login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[]>([]);
  const target = () => afterLoginPath(params.get(REDIRECT_PARAM) ?? authStore.redirect());

  if (status === 'signedIn') return <Navigate to={target()} replace />;

  const usernameError = username.trim() === '' ? HOST_TEXT.usernameRequired : undefined;
  const passwordError = password === '' ? HOST_TEXT.passwordRequired : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (usernameError || passwordError || busy) return;
    setBusy(true);
    setFailure([]);
    try {
      await login(username.trim(), password);
      const to = target();
      authStore.clearRedirect();
      navigate(to, { replace: true });
    } catch (error) {
      setFailure(messagesOfError(error));
      setBusy(false);
    }
  };

  return (
    <Page>
      <Card aria-labelledby="login-title">
        <Brand>{PRODUCT_NAME}</Brand>
        <h1 id="login-title">{HOST_TEXT.signIn}</h1>
        <Intro>{HOST_TEXT.signInIntro}</Intro>
        <Form onSubmit={submit} noValidate aria-busy={busy || undefined}>
          {failure.length > 0 && (
            <Alert role="alert" aria-label={HOST_TEXT.signInFailed}>
              {failure.join('\n')}
            </Alert>
          )}
          <SignInField
            name="username"
            label={HOST_TEXT.username}
            autoFocus
            value={username}
            onChange={setUsername}
            error={submitted ? usernameError : undefined}
          />
          <SignInField
            name="password"
            label={HOST_TEXT.password}
            value={password}
            onChange={setPassword}
            error={submitted ? passwordError : undefined}
          />
          <PlainButton type="submit" variant="primary" size="lg" fullWidth isLoading={busy}>
            {HOST_TEXT.signIn}
          </PlainButton>
        </Form>
      </Card>
    </Page>
  );
}

const Page = styled.main`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.background};
  box-sizing: border-box;
`;

const Card = styled.section`
  width: 100%;
  max-width: 400px;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  & h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
`;

const Brand = styled.div`
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Intro = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const Alert = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  border-left: 4px solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.danger};
  white-space: pre-line;
`;
