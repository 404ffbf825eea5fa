// The merchant API's Return (`return-read`) and Order (`order-read`), and its Money: this door's names
// for the return event's document (src/returns/event-document.ts), which the door answers for a read
// (GraphQL's result selected as ./documents.ts derives it, absent fields dropped by that document) and
// documents in its OpenAPI (their components: Return, Order, Money; the status and type enums).
export {
  Money,
  OrderDocument as Order,
  ReturnDocument as Return,
  ReturnStatus,
  ReturnType,
} from "../../src/returns/event-document.js";
