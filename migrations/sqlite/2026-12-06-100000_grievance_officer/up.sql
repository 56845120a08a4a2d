-- The grievance officer every page shows (Consumer Protection (E-Commerce) Rules, 2020,
-- rule 4(4)): name, designation and contact. Empty until set; an empty e-mail or phone
-- means the company's.
ALTER TABLE company_details ADD COLUMN grievance_officer TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN grievance_designation TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN grievance_email TEXT NOT NULL DEFAULT '';
ALTER TABLE company_details ADD COLUMN grievance_phone TEXT NOT NULL DEFAULT '';
