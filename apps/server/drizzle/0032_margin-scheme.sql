-- Issue 30: a trip sold as a travel service may be invoiced in the travel-agency margin scheme
-- (art. 119 of the VAT act), set by staff per experience (docs/invoices.md).
ALTER TABLE "products" ADD COLUMN "margin_scheme" boolean DEFAULT false NOT NULL;
