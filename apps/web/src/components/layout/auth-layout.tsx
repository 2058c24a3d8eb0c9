import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Brand } from '@/components/ui/brand';
import { DocumentTitle } from '@/components/ui/document-title';
import { HydrationGate } from '@/components/ui/hydration-gate';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LegalLinks } from './legal-links';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for long forms (register). */
  isWide?: boolean;
}

/** Sign-in, sign-up and onboarding screens: the brand above one centred card (pre-rendered for the public ones). */
export function AuthLayout({ title, subtitle, children, isWide = false }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <DocumentTitle title={title} />
      <div className={`auth-column ${isWide ? 'auth-column-wide' : ''}`}>
        <HydrationGate>
          <div className="d-flex justify-content-end mb-2">
            <LanguagePicker />
          </div>
          <Link to={paths.home.getHref()} className="d-block text-center mb-4 text-decoration-none">
            <Brand className="fs-4" />
          </Link>
          <Card className="auth-card border-0 shadow-sm">
            <Card.Body className="p-4 p-md-5">
              <h1 className="h3 text-center mb-2">{title}</h1>
              {subtitle && <p className="text-body-secondary text-center mb-4">{subtitle}</p>}
              {children}
            </Card.Body>
          </Card>
          <LegalLinks className="text-center small mt-3" />
        </HydrationGate>
      </div>
    </main>
  );
}
