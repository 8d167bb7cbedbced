import { EmailLayout, Heading, type RenderedEmail, renderEmail, textBody } from "./layout";

/** A site form forwarded to the team: every field as a row; replying answers the sender. */
export function formSubmissionEmail(p: {
  title: string;
  fields: Array<[label: string, value: string]>;
  submittedAt: Date;
}): RenderedEmail {
  const when = p.submittedAt.toISOString();
  const html = renderEmail(
    <EmailLayout preview={p.title} footer={<p style={{ margin: 0 }}>Submitted {when}. Reply to answer.</p>}>
      <Heading>{p.title}</Heading>
      <table role="presentation" cellPadding={6} cellSpacing={0} style={{ width: "100%", fontSize: 14 }}>
        <tbody>
          {p.fields.map(([label, value]) => (
            <tr key={label}>
              <th align="left" style={{ verticalAlign: "top", width: "35%", color: "#475569" }}>
                {label}
              </th>
              <td style={{ whiteSpace: "pre-wrap" }}>{value || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </EmailLayout>,
  );
  const text = textBody([
    p.title,
    p.fields.map(([label, value]) => `${label}: ${value || "—"}`).join("\n"),
    `Submitted ${when}. Reply to answer.`,
  ]);
  return { subject: p.title, html, text };
}
