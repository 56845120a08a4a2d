ALTER TABLE company_details DROP COLUMN invoice_prefix;
ALTER TABLE company_details DROP COLUMN state;
ALTER TABLE company_details DROP COLUMN gstin;
ALTER TABLE company_details DROP COLUMN legal_name;
