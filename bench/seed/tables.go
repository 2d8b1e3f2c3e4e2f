package seed

// tables returns every table in the order of the output.
func tables() []table {
	var all []table
	all = append(all, numberTables()...)
	all = append(all, textTables()...)
	all = append(all, smallTable())
	all = append(all, moreTables()...)
	all = append(all, bufsizeTable())
	return all
}
