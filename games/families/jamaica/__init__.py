"""The site family "jamaica": the race around Jamaica (rules.jamaica) shown on the site."""
