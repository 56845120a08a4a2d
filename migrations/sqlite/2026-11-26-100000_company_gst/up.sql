-- The company's GST registration: its legal name, GSTIN, state (one of the 36 states and
-- union territories, by name) and the tax invoices' series prefix. Empty until set.
ALTER TABLE company_details ADD COLUMN legal_name TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN gstin TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN state TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN invoice_prefix TEXT NOT NULL DEFAULT '';
