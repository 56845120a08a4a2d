ALTER TABLE company_details DROP COLUMN grievance_phone;
ALTER TABLE company_details DROP COLUMN grievance_email;
ALTER TABLE company_details DROP COLUMN grievance_designation;
ALTER TABLE company_details DROP COLUMN grievance_officer;
