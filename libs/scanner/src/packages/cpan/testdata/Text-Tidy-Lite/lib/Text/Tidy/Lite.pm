package Text::Tidy::Lite; 1;
