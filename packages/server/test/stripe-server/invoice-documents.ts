import type { Obj, Router } from './mock.ts';
import { express } from './mock.ts';
import type { Store } from './store.ts';

/**
 * The invoice's hosted page and PDF (invoice_pdf, hosted_invoice_url), served by the harness without an
 * API key as Stripe serves them: a browser or the product follows the link.
 */
export function invoiceDocumentRoutes(store: Store): Router {
  const r = express.Router();
  const invoiceOf = (id: string): Obj | undefined => {
    const found = store.objects.get(id);
    return found?.object === 'invoice' ? found : undefined;
  };
  r.get('/invoices/:id/pdf', (req, res) => {
    const invoice = invoiceOf(req.params.id!);
    if (!invoice) return void res.status(404).type('text/plain').send('Not found');
    res.set('Content-Disposition', `inline; filename="Invoice-${invoice.number}.pdf"`);
    res.type('application/pdf').send(invoicePdf(invoice));
  });
  r.get('/invoices/:id', (req, res) => {
    const invoice = invoiceOf(req.params.id!);
    if (!invoice) return void res.status(404).type('text/plain').send('Not found');
    const amount = `${(invoice.total / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`;
    res.type('text/html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${invoice.number}</title></head>` +
        `<body><h1>Invoice ${invoice.number}</h1><p>Amount: ${amount}</p><p>Status: ${invoice.status}</p>` +
        `<p><a href="${invoice.invoice_pdf}">Download PDF</a></p></body></html>`,
    );
  });
  return r;
}

/** A one-page PDF 1.4 naming the invoice, with a correct cross-reference table. */
export function invoicePdf(invoice: Obj): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const lines = [
    `Invoice ${invoice.number}`,
    `Customer ${invoice.customer_email ?? invoice.customer}`,
    `Total ${(invoice.total / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`,
    `Status ${invoice.status}`,
  ];
  const content = `BT /F1 14 Tf 72 760 Td 18 TL ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
