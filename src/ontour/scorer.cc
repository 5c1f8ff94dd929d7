#include "ontour/scorer.h"
