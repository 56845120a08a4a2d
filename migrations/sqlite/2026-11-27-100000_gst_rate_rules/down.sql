DROP TABLE gst_rate_slabs;
DROP TABLE gst_rate_rules;
