import { useId } from "react";
import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "#common/honeypot";
import "~/locales/forms";

/** The look of every text box, select and text area on the site (and nowhere else). */
const controlClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100";
const withControl = (className?: string) => (className ? `${controlClass} ${className}` : controlClass);

/** A bare text box (a search box, a field with its own label); `className` adds to the look. */
export function Input({ className, ...input }: React.ComponentProps<"input">) {
  return <input className={withControl(className)} {...input} />;
}

export function Select({ className, ...select }: React.ComponentProps<"select">) {
  return <select className={withControl(className)} {...select} />;
}

export function Textarea({ className, ...textarea }: React.ComponentProps<"textarea">) {
  return <textarea className={withControl(className)} {...textarea} />;
}

/** The label above a control and its error below, wired for screen readers. */
export function FieldShell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control whose field has an error. */
export const describedBy = (id: string, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/** A labelled input with its error message. */
export function Field({
  label,
  error,
  className,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <Input id={id} {...describedBy(id, error)} {...input} />
    </FieldShell>
  );
}

type Labelled = { label: string; error?: string; name?: string };

/** The fields the public forms share, with the limits their schemas check. */
export function NameField({ name = "fullName", ...props }: Labelled) {
  return <Field name={name} autoComplete="name" maxLength={120} {...props} />;
}

export function EmailField(props: Labelled) {
  return <Field name="email" type="email" autoComplete="email" maxLength={254} {...props} />;
}

export function PhoneField(props: Labelled) {
  return <Field name="phone" type="tel" autoComplete="tel" maxLength={40} {...props} />;
}

/** A labelled native select (keyboard- and screen-reader-friendly, works without JavaScript). */
export function SelectField({
  label,
  error,
  className,
  options,
  placeholder,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <Select id={id} {...describedBy(id, error)} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}

export function TextareaField({
  label,
  error,
  className,
  ...textarea
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <Textarea id={id} rows={5} {...describedBy(id, error)} {...textarea} />
    </FieldShell>
  );
}

/** A checkbox with its label (and an optional help line) beside it. */
export function Checkbox({
  label,
  help,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; help?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 rounded border-slate-300 accent-brand-700"
        {...props}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        <span className="font-medium">{label}</span>
        {help ? <span className="block text-slate-500">{help}</span> : null}
      </label>
    </div>
  );
}

/** Off-screen, out of the tab order and the accessibility tree: only bots fill it in. */
export function Honeypot() {
  const { t } = useTranslation("forms");
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        {t("common.honeypot")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A form's outcome: a polite status on success, an alert otherwise. */
export function FormMessage({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  return kind === "success" ? (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
