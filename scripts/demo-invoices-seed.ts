import { londonToday, type ClientFundingView } from '@care/events';
import { DEMO_VISIT_DAYS_BACK } from './demo/demo-appointments';
import {
  DEMO_FUNDERS,
  demoFunding,
  demoInvoiceFollowUps,
  demoInvoiceRuns,
  type DemoFunder,
  type IssuedDemoInvoice,
} from './demo/demo-finance';
import type { AdminCredentials } from './demo-admin';
import { createdId, readAfter, signedIn, type Send } from './demo-seed';

/** The largest page the read API gives. */
const PAGE = 500;

/**
 * Finance demo data through the API, after the main seed (invoices are made from the visits' read model, so it
 * must have caught up with them): funders and rates, every client's funding, weekly invoice runs over the visit
 * history, then sending, payments and a credit note. Returns how many invoices were issued.
 */
export async function seedDemoInvoices(url: string, admin: AdminCredentials): Promise<number> {
  const asAdmin = await signedIn(url, admin);
  const funderIds = {} as Record<DemoFunder['key'], string>;
  const keyOf = new Map<string, DemoFunder['key']>();
  for (const { key, funder, rates } of DEMO_FUNDERS) {
    const id = await createdId(asAdmin('POST', '/api/finance/funders', funder));
    for (const rate of rates) await asAdmin('POST', `/api/finance/funders/${id}/rates`, rate);
    funderIds[key] = id;
    keyOf.set(id, key);
  }
  const clients = await everyClient(asAdmin);
  for (const { clientId, body } of demoFunding(clients, funderIds))
    await asAdmin('PUT', `/api/finance/clients/${clientId}/funding`, body);

  const today = londonToday();
  const issued: IssuedDemoInvoice[] = [];
  for (const run of demoInvoiceRuns(today, DEMO_VISIT_DAYS_BACK)) {
    const reply = (await asAdmin('POST', '/api/finance/invoices/generate', run)) as {
      invoices: { id: string; funderId: string; totalPence: number }[];
    };
    for (const invoice of reply.invoices)
      issued.push({
        id: invoice.id,
        totalPence: invoice.totalPence,
        issuedOn: run.issuedOn,
        funderKey: keyOf.get(invoice.funderId) ?? 'council',
      });
  }
  for (const step of demoInvoiceFollowUps(issued, today)) {
    if (step.path === 'draft') await asAdmin('PATCH', `/api/finance/invoices/${step.invoiceId}`, step.body);
    else await asAdmin('POST', `/api/finance/invoices/${step.invoiceId}/${step.path}`, step.body);
  }
  return issued.length;
}

/** Every client, page by page, once the clients' read model is there. */
async function everyClient(send: Send): Promise<string[]> {
  await readAfter(send, `/api/finance/client-funding?limit=1`, null);
  const ids: string[] = [];
  for (;;) {
    const page = (await send(
      'GET',
      `/api/finance/client-funding?limit=${PAGE}&offset=${ids.length}`,
      undefined,
    )) as ClientFundingView[];
    ids.push(...page.map((client) => client.clientId));
    if (page.length < PAGE) return ids;
  }
}
