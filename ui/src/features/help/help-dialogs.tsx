import * as Dialog from '@radix-ui/react-dialog';
import type { SupportInfoView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import changelog from '../../../../CHANGELOG.md?raw';
import { apiGet } from '../../shared/api';
import { BRAND } from '../../shared/brand';
import { roleLabel, useCurrentUser } from '../../shared/current-user';
import { diagnosticText, releaseNotesOf } from './changelog';
import './help.css';

interface HelpDialogProps {
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}

/** The shell's small dialog, opened by a plain button: focus goes back to it on close. */
function HelpDialog({
  title,
  description,
  onOpenChange,
  opener,
  children,
}: HelpDialogProps & { title: string; description: string; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content dialog-small help-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          {children}
          <div className="dialog-footer">
            <Dialog.Close className="button button-primary">Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The running version's release notes, from CHANGELOG.md in the repository (bundled at build time). */
export function WhatsNewDialog(props: HelpDialogProps) {
  const notes = useMemo(() => releaseNotesOf(changelog, BRAND.version), []);
  return (
    <HelpDialog
      {...props}
      title="What's new"
      description={`Version ${BRAND.version}${notes?.date ? `, released ${notes.date}` : ''}`}
    >
      {notes ? (
        notes.sections.map((section) => (
          <section key={section.heading} className="help-section">
            <h3>{section.heading}</h3>
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p>No release notes for this version.</p>
      )}
    </HelpDialog>
  );
}

/** The agency's support contacts (GET /api/support, from configuration) and a diagnostic block to copy. */
export function SupportDialog(props: HelpDialogProps) {
  const user = useCurrentUser();
  const page = useRouterState({ select: (state) => state.location.pathname });
  const contacts = useQuery({
    queryKey: ['/api/support'],
    queryFn: () => apiGet<SupportInfoView>('/api/support'),
    staleTime: 5 * 60_000,
  });
  // Taken once, when the dialog opens: the time of the problem, not of the copy.
  const [diagnostics] = useState(() =>
    diagnosticText({
      version: BRAND.version,
      userAgent: navigator.userAgent,
      language: navigator.language,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      page,
      now: new Date(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      role: roleLabel(user),
    }),
  );
  const block = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'select'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(diagnostics);
      setCopied('copied');
    } catch {
      // No clipboard access (a plain-http address, a refused permission): select it for Ctrl+C instead.
      block.current?.select();
      setCopied('select');
    }
  };
  const info = contacts.data;
  const none = info && !info.email && !info.phone && !info.onCallPhone;
  return (
    <HelpDialog
      {...props}
      title="Get support"
      description="Contact the agency's support team. Copy the diagnostic details below into your message."
    >
      <section className="help-section" aria-label="Support contacts">
        {contacts.isPending && <p className="muted">Loading contacts…</p>}
        {contacts.isError && <p>The support contacts could not be loaded. Try again shortly.</p>}
        {none && <p>No support contacts have been set up. Ask your administrator.</p>}
        {info && !none && (
          <dl className="help-contacts">
            {info.phone && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`}>{info.phone}</a>
                </dd>
              </>
            )}
            {info.email && (
              <>
                <dt>Email</dt>
                <dd>
                  <a
                    href={`mailto:${info.email}?subject=${encodeURIComponent(`Support request (version ${BRAND.version})`)}`}
                  >
                    {info.email}
                  </a>
                </dd>
              </>
            )}
            {info.hours && (
              <>
                <dt>Hours</dt>
                <dd>{info.hours}</dd>
              </>
            )}
            {info.onCallPhone && (
              <>
                <dt>Out of hours (on call)</dt>
                <dd>
                  <a href={`tel:${info.onCallPhone.replace(/[^\d+]/g, '')}`}>{info.onCallPhone}</a>
                </dd>
              </>
            )}
          </dl>
        )}
      </section>
      {user.role === 'admin' && (
        <section className="help-section" aria-labelledby="support-api-heading">
          <h3 id="support-api-heading">Connecting other systems</h3>
          <p>
            The{' '}
            <a href="/api/docs" target="_blank" rel="noopener">
              API reference
            </a>{' '}
            (opens in a new tab) describes every request this product answers, for whoever connects your payroll,
            finance or rostering systems to it.
          </p>
        </section>
      )}
      <section className="help-section">
        <h3 id="support-diagnostics-heading">Diagnostic details</h3>
        <textarea
          aria-labelledby="support-diagnostics-heading"
          ref={block}
          className="help-diagnostics"
          readOnly
          rows={7}
          value={diagnostics}
        />
        <div className="help-copy">
          <button type="button" className="button button-secondary" onClick={() => void copy()}>
            Copy details
          </button>
          <span role="status" className="muted">
            {copied === 'copied' ? 'Copied' : copied === 'select' ? 'Selected: press Ctrl+C to copy' : ''}
          </span>
        </div>
      </section>
    </HelpDialog>
  );
}
