import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  describedBy?: string | undefined;
  autoFocus?: boolean;
  readOnly?: boolean;
}

/**
 * A password field with a show/hide toggle: one name, "Show password", pressed while shown. The toggle's name comes from its text, not aria-label,
 * so `getByLabel('Password')` finds only the field.
 */
export function PasswordInput({
  id,
  name,
  value,
  onChange,
  autoComplete,
  error,
  describedBy,
  autoFocus,
  readOnly,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        id={id}
        name={name}
        className="input"
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        required
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
        readOnly={readOnly}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className="password-toggle"
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
        <span className="sr-only">Show password</span>
      </button>
    </div>
  );
}
