// A gift card issued the way store credit is: an order pushed through the custom sync, a return of its
// first line for store credit, processed through REST. The card's code and amount (41.00 USD for the
// default test order's line) as the return reads them back.
import type { HttpClient } from "./http.js";
import { type customOrderBody, pushOrder, returnBody } from "./orders.js";

export async function issueGiftCard(
  http: HttpClient,
  storeId: string,
  token: string,
  order: Parameters<typeof customOrderBody>[0] = {},
): Promise<{ code: string; amount: { amount: string; currency: string }; returnId: string }> {
  const pushed = await pushOrder(http, storeId, token, order);
  const created = await http.post(
    `/v2.2/stores/${storeId}/returns`,
    returnBody(pushed, [{ lineItemId: pushed.lineItems[0].id, quantity: 1, compensation: "store_credit" } as never]),
    { token },
  );
  if (created.status !== 201) throw new Error(`store-credit return: ${created.status} ${created.text}`);
  const ret = created.body.return;
  const processed = await http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: ret.items[0].id }] }, { token });
  if (processed.status !== 200) throw new Error(`processing the store-credit return: ${processed.status} ${processed.text}`);
  const cards = (await http.get(`/v2.2/returns/${ret.id}`, { token })).body.return.giftCards;
  if (cards?.length !== 1) throw new Error(`expected one gift card on the processed return, got ${JSON.stringify(cards)}`);
  return { code: cards[0].code, amount: cards[0].amount, returnId: ret.id };
}
