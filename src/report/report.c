/* placeholder */ typedef int tc_report_placeholder;
