/** The member's cart (SPEC.md §7 sales/cart/*), placing the order included. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  ZCartAdd,
  ZCartItem,
  ZCartItemUpdate,
  ZCheckDiscountCode,
  ZDiscountCheck,
  ZPlaceOrder,
  ZPlaceOrderResult,
} from '../schemas/sales';
import { defineEndpoint, object, ok, ZOk } from './define';

export const cartContract = {
  items: defineEndpoint({
    method: 'GET',
    path: '/sales/cart/items',
    summary: "The member's cart, each line with its product and whether it is filled in",
    access: 'customer',
    responses: { 200: ok(z.array(ZCartItem)) },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/add',
    summary: 'Adds an experience to the cart (one line per experience)',
    access: 'customer',
    body: ZCartAdd,
    responses: { 200: ok(object({ id: z.number().int() })) },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/update/:id',
    summary: "Saves a line: quantity, accompanying persons, the label's answer, the ticked terms",
    access: 'customer',
    params: idParam,
    body: ZCartItemUpdate,
    responses: { 200: ZOk },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/remove/:id',
    summary: 'Removes a line from the cart',
    access: 'customer',
    params: idParam,
    responses: { 200: ZOk },
  }),
  removeByDelete: defineEndpoint({
    method: 'DELETE',
    path: '/sales/cart/remove/:id',
    summary: 'Removes a line from the cart (the same call as POST)',
    access: 'customer',
    params: idParam,
    responses: { 200: ZOk },
  }),
  acknowledgePrice: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/acknowledge-price/:id',
    summary: "The member has seen a line's changed price: the line stops saying it changed",
    access: 'customer',
    params: idParam,
    responses: { 200: ZOk },
  }),
  checkDiscountCode: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/check-discount-code',
    summary: 'What a discount code takes off this cart (rate limited per member and per address)',
    access: 'customer',
    body: ZCheckDiscountCode,
    responses: { 200: ok(ZDiscountCheck) },
  }),
  placeOrder: defineEndpoint({
    method: 'POST',
    path: '/sales/cart/order',
    summary: 'Places the order of the whole cart and starts its payment',
    access: 'customer',
    body: ZPlaceOrder,
    responses: { 200: ok(ZPlaceOrderResult) },
  }),
};
