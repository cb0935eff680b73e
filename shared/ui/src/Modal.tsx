import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { tokens } from './theme';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 8vh 1rem 1rem;
  background: rgba(15, 23, 42, 0.5);
  overflow-y: auto;
`;
const Dialog = styled.div<{ $width: string }>`
  width: 100%;
  max-width: ${({ $width }) => $width};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font-family: ${tokens.font};
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  display: flex;
  flex-direction: column;
  max-height: 84vh;
  &:focus {
    outline: none;
  }
`;
const Title = styled.h2`
  margin: 0;
  padding: 1rem 1.25rem 0.5rem;
  font-size: 1.125rem;
`;
const Body = styled.div`
  padding: 0.25rem 1.25rem 1rem;
  overflow-y: auto;
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  padding: 0.75rem 1.25rem;
  border-top: 1px solid ${tokens.colors.subtle};
`;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape, and the caller's Cancel button, call this. */
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  /** What gets focus on open; defaults to the first focusable element in the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** role="alertdialog" for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  width?: string;
}

/**
 * An accessible modal dialog: labelled by its title, described by its body, focus kept inside
 * while open (Tab wraps), Escape closes, and focus goes back to whatever opened it.
 */
export function Modal({ open, title, onClose, children, footer, initialFocusRef, role = 'dialog', width = '32rem' }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = initialFocusRef?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    first?.focus();
    return () => {
      // Back to the opener, if it is still on the page.
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    };
    // initialFocusRef is read once per opening on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusables.length === 0) {
      e.preventDefault();
      return;
    }
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop>
      <Dialog
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        $width={width}
      >
        <Title id={titleId}>{title}</Title>
        {children && <Body id={bodyId}>{children}</Body>}
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
