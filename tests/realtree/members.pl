#!/usr/bin/perl
# tests/realtree/members.pl - check.sh's cross-check of a callback
# migration's scan: "FILE:LINE" of every line of FILEs that gives a
# function to a member of the struct, found without kmigrate's parser.
#
#	STRUCT=platform_driver FIELDS="remove remove_new" \
#	PARAM="struct platform_device *" perl members.pl FILE...
#
# A line counts when it is
#   .FIELD = fn	in the initializer of a "struct STRUCT" variable (the
#		member at depth 1 of its braces) or of an array of them
#		(depth 2), whatever fn is (a wrapper, &fn), but NULL or 0:
#		no function, as scan has no occurrence there;
#   X->FIELD = fn;  or  X.FIELD = fn;  outside one, when the file defines
#		fn with one parameter of type PARAM (the member's
#		prototype): another struct's member of that name is not one.
# Comments, strings and character constants are blanked first (their
# newlines kept), so a line number is the file's.  Prints nothing for a
# file it cannot read.
use strict;
use warnings;

my $struct = $ENV{STRUCT} or die "members.pl: STRUCT is not set\n";
my @fields = split ' ', ($ENV{FIELDS} || '');
my $param = $ENV{PARAM} || '';
my $field_re = join '|', map { quotemeta } @fields;
(my $param_re = quotemeta $param) =~ s/(\\\s)+/\\s*/g;
$param_re =~ s/\\\*/\\s*\\*/g;

# the text with comments, strings and characters blanked
sub blank {
	my ($text) = @_;
	$text =~ s{(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')}
		  { (my $s = $1) =~ s/[^\n]/ /g; $s }gse;
	return $text;
}

sub line_of { my ($text, $pos) = @_; substr($text, 0, $pos) =~ tr/\n// + 1 }

# the members given in the initializer that opens at $open ("{")
sub initializer {
	my ($file, $text, $open, $depth_wanted, $seen) = @_;
	my $depth = 0;

	pos($text) = $open;
	while ($text =~
	       /([{}])|\.\s*(?:$field_re)\s*=(?!\s*(?:NULL|0)\s*[,}])/g) {
		if (!defined $1) {
			$seen->{"$file:" . line_of($text, $-[0])} = 1
				if $depth == $depth_wanted;
		} elsif ($1 eq '{') {
			$depth++;
		} elsif (--$depth == 0) {
			return;
		}
	}
}

for my $file (@ARGV) {
	open my $fh, '<', $file or next;
	my $text = blank(do { local $/; <$fh> });
	close $fh;
	my %seen;
	while ($text =~ /\bstruct\s+\Q$struct\E\s+(?:\w+\s+)*\w+\s*(\[[^\]]*\])?\s*=\s*\{/g) {
		my $open = pos($text) - 1;
		initializer($file, $text, $open, defined $1 ? 2 : 1, \%seen);
	}
	my %defined;
	while ($param ne '' &&
	       $text =~ /\b(\w+)\s*\(\s*$param_re\s*\w*\s*\)\s*\{/g) {
		$defined{$1} = 1;
	}
	while ($text =~ /(?:->|\.)\s*(?:$field_re)\s*=\s*&?\s*(\w+)\s*;/g) {
		$seen{"$file:" . line_of($text, $-[0])} = 1 if $defined{$1};
	}
	print "$_\n" for sort keys %seen;
}
