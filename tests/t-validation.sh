#!/bin/bash
# t-validation.sh - every case under tests/validation/, each an input
# file with its expected output beside it in a comment (validation.sh).
exec bash "$(dirname "$0")/validation.sh"
